import { z } from 'zod';
import { merchantCodePath as merchantCode, pathIdText } from './fields.js';
import { serviceUseCase, type UseCase } from '../use-case.js';
import { missionBodySchema, missionSettingsBodySchema, missionsRpcMethods as rpc } from '../loyalty-missions.js';

const missionId = pathIdText(/^[1-9][0-9]{0,17}$/, 'MISSION_NOT_FOUND');

/** The member's missions: trial accounts play too, so they see their missions and the leaderboard. */
const missions = { tag: 'Missions', auth: 'member', rateLimit: 'ip', idempotent: false } as const;
const MEMBER = { memberId: 'memberId', merchantCode: 'merchantCode' } as const;
/** The back office: the operator API token (OPERATOR_TOKEN). */
const desk = { tag: 'Operator', auth: 'operator', rateLimit: 'none', idempotent: false, bodyLimit: '16kb' } as const;
const OPERATOR = { operator: 'operator' } as const;

/** Daily and weekly missions, their progress and claims, and the mission leaderboard (spec §7 "Missions"). */
export const missionsUseCases = {
  missionSummary: serviceUseCase({
    ...missions,
    id: 'missionSummary',
    summary: 'Missions summary details: the brand’s daily and weekly missions with the member’s progress and claim state',
    description:
      'Progress is for the current period in the brand’s time zone (daily from midnight, weekly from Monday). A completed mission’s ' +
      'reward waits in the reward centre (`rewardId`) until claimed or until its period ends.',
    method: 'GET',
    paths: ['/wps/relay/MCS2_missionSummaryDetails'],
    request: z.object({}),
    response: rpc.missionSummary.output,
    operation: { service: 'points', method: 'missionSummary' },
    context: { ...MEMBER, language: 'language' },
  }),
  missionLeaderboard: serviceUseCase({
    ...missions,
    id: 'missionLeaderboard',
    summary: 'The weekly mission leaderboard: the top N with masked accounts, the prize table and the member’s own rank',
    description: 'Ranked by mission points or valid bet (brand setting); equal scores go to who reached the score first.',
    method: 'GET',
    paths: ['/wps/relay/MCS2_missionLeaderboard'],
    request: z.object({}),
    response: rpc.missionLeaderboard.output,
    operation: { service: 'points', method: 'missionLeaderboard' },
    context: MEMBER,
  }),
  operatorListMissions: serviceUseCase({
    ...desk,
    id: 'operatorListMissions',
    summary: 'A brand’s missions, enabled or not, and its mission settings (time zone, leaderboard metric, size, prizes)',
    method: 'GET',
    paths: ['/operator/v1/merchants/:merchantCode/missions'],
    request: z.object({ merchantCode }),
    response: rpc.operatorListMissions.output,
    operation: { service: 'points', method: 'operatorListMissions' },
  }),
  operatorCreateMission: serviceUseCase({
    ...desk,
    id: 'operatorCreateMission',
    summary: 'Adds a daily or weekly mission; members see it at once, counting from the events that follow',
    description: 'Refused with nothing stored: a game type on a deposit or sign-in mission (MISSION_CATEGORY_INVALID), more consecutive days ' + 'than the period holds (MISSION_TARGET_INVALID).',
    method: 'POST',
    paths: ['/operator/v1/merchants/:merchantCode/missions'],
    request: missionBodySchema.extend({ merchantCode }),
    response: rpc.operatorCreateMission.output,
    operation: { service: 'points', method: 'operatorCreateMission' },
    context: OPERATOR,
  }),
  operatorUpdateMission: serviceUseCase({
    ...desk,
    id: 'operatorUpdateMission',
    summary: 'Replaces a mission’s fields; progress already made in the current period is kept',
    method: 'PUT',
    paths: ['/operator/v1/merchants/:merchantCode/missions/:missionId'],
    request: missionBodySchema.extend({ merchantCode, missionId }),
    response: rpc.operatorUpdateMission.output,
    operation: { service: 'points', method: 'operatorUpdateMission' },
    context: OPERATOR,
  }),
  operatorSetMissionSettings: serviceUseCase({
    ...desk,
    id: 'operatorSetMissionSettings',
    summary: 'Sets the brand’s mission time zone and the weekly leaderboard’s metric, size and prize table',
    description:
      'Prizes are granted into the reward centre when the week ends. Refused: an unknown time zone (MISSION_TIME_ZONE_INVALID), two ' +
      'prizes for one rank or a rank beyond the size (LEADERBOARD_PRIZES_INVALID).',
    method: 'PUT',
    paths: ['/operator/v1/merchants/:merchantCode/mission-settings'],
    request: missionSettingsBodySchema.extend({ merchantCode }),
    response: rpc.operatorSetMissionSettings.output,
    operation: { service: 'points', method: 'operatorSetMissionSettings' },
    context: OPERATOR,
  }),
} satisfies Record<string, UseCase>;
