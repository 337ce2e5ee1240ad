/** Numeric member types of the spec (section 6). */
export const MEMBER_TYPE = { MEMBER: 0, AGENT: 1, AGENT_SENIOR: 2, TRIAL: 4, AGENT_41: 41, AGENT_42: 42 } as const;
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];
export const isAgentType = (type: number): boolean => AGENT_TYPES.includes(type);
export const isTrialType = (type: number): boolean => type === MEMBER_TYPE.TRIAL;
