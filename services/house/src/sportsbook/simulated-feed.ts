import type { FeedMessage } from '@wps/contracts';
import { createFeedSimulator } from './feed/simulator.js';
import type { SteppedFeed } from './sportsbook.js';

/**
 * The simulator as the book's feed. It keeps no state across restarts, so each run's event ids carry the run's tag
 * (the book cancels the open events of earlier runs when it takes the feed). The first read hands over the whole
 * world (every fixture and its current odds), later reads what happened since.
 */
export function simulatedFeed(options: { tag: string; speed?: number; seed?: string }): SteppedFeed {
  const simulator = createFeedSimulator({ seed: options.seed ?? options.tag, ...(options.speed ? { speed: options.speed } : {}) });
  const tagged = (message: FeedMessage): FeedMessage => ({ ...message, eventId: `${options.tag}:${message.eventId}` });
  let started = false;
  return {
    step(at: number): FeedMessage[] {
      const messages = started ? simulator.step(at) : [...simulator.snapshot(), ...simulator.step(at)];
      started = true;
      return messages.map(tagged);
    },
  };
}
