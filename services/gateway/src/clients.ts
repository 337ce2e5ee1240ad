import type { AgentContractsRpc, GamesRpc, HouseRpc, IdentityRpc, NoticesRpc, PointsRpc, RpcClient, WalletRpc } from '@wps/contracts';

/** The services the gateway talks to, over whichever transport the host chose. */
export interface GatewayClients {
  identity: RpcClient<IdentityRpc>;
  wallet: RpcClient<WalletRpc>;
  games: RpcClient<GamesRpc>;
  agentContracts: RpcClient<AgentContractsRpc>;
  points: RpcClient<PointsRpc>;
  notices: RpcClient<NoticesRpc>;
  house: RpcClient<HouseRpc>;
}
