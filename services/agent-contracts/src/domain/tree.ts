/** Pure rules of the agent tree's materialised paths: `/root/…/self/`, ids as decimal strings. */

export interface Placement {
  path: string;
  depth: number;
}

/** Where a new node sits: a root, under a placed upline, or undecided (null) while the upline is unplaced. */
export function placeNode(memberId: string, upline: { present: false } | { present: true; placement: Placement | null } | null): Placement | null {
  if (upline === null) return { path: `/${memberId}/`, depth: 0 };
  if (!upline.present || upline.placement === null) return null;
  return { path: `${upline.placement.path}${memberId}/`, depth: upline.placement.depth + 1 };
}

/** Member ids locked in one global order (numeric), so two registrations never wait on each other in a cycle. */
export function lockOrder(ids: Array<string | null>): string[] {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  return unique.sort((a, b) => {
    const left = BigInt(a);
    const right = BigInt(b);
    return left < right ? -1 : left > right ? 1 : 0;
  });
}
