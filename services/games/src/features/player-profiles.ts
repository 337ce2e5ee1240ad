import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import type { MemberRegistered } from '@wps/contracts';

export interface PlayerProfileView {
  memberId: string;
  createdAt: string;
}

/** Opens the player's profile; a second registration event for the same member leaves the first profile alone. */
export async function openPlayerProfile(tx: Executor, member: Pick<MemberRegistered, 'memberId' | 'merchantCode'>): Promise<void> {
  await tx.execute(
    sql`INSERT INTO games.player_profiles (member_id, merchant_code) VALUES (${member.memberId}, ${member.merchantCode})
        ON CONFLICT (member_id) DO NOTHING`,
  );
}

export async function getPlayerProfile(executor: Executor, input: { memberId: string }): Promise<PlayerProfileView | null> {
  const [profile] = await rows<{ member_id: string; created_at: Date | string }>(
    executor,
    sql`SELECT member_id::text AS member_id, created_at FROM games.player_profiles WHERE member_id = ${input.memberId}`,
  );
  return profile ? { memberId: profile.member_id, createdAt: new Date(profile.created_at).toISOString() } : null;
}
