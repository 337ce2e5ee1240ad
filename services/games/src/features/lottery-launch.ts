/** The client's lottery pages (spec §2 routes), where `clientRouteFor` sends lottery vendors' games. */
export const LOTTERY_PAGE_PATHS = ['/lottery', '/seaLottery', '/vnLottery'] as const;

export const isLotteryPageRoute = (route: string): boolean => (LOTTERY_PAGE_PATHS as readonly string[]).includes(route.split('?')[0]!);
