import type { QueryClient } from '@tanstack/react-query';

/**
 * What a screen of the session follows live (pushes of a type, reconnects), started once per session however many
 * components use it, and stopped when the last of them goes or the session changes. `start` subscribes and answers
 * the function that unsubscribes; the answer of `sessionFollower` is `follow(client, token)`, which answers the
 * component's release.
 */
export function sessionFollower(start: (client: QueryClient, token: string) => () => void): (client: QueryClient, token: string) => () => void {
  let following: { token: string; users: number; stop: () => void } | undefined;
  return (client, token) => {
    if (following?.token !== token) {
      following?.stop();
      following = { token, users: 0, stop: start(client, token) };
    }
    const current = following;
    current.users++;
    return () => {
      current.users--;
      if (current.users === 0 && following === current) {
        current.stop();
        following = undefined;
      }
    };
  };
}

/** The newer of two versioned values (an answer and a push may cross): the one with the higher version. */
export const newerVersion = <T extends { version: number }>(current: T | undefined, next: T): T => (current && current.version > next.version ? current : next);
