/**
 * The rules of each shared-round game live in @wps/contracts (house-live-fairness.ts), so the verify page recomputes a
 * round in the browser with exactly the code the server drew it with; the service uses them under these names.
 */
export {
  LIVE_BP as BP,
  liveCardRank as cardRank,
  dealFromShoe,
  playBaccarat,
  ROULETTE_REDS,
  rouletteNumbers,
  CRASH_MAX_X100,
  crashPointX100,
  multiplierX100At,
  msToReachX100,
  cockfightCard,
  LIVE_SPOTS,
  validLiveSpot as validSpot,
  drawLiveResult as drawResult,
  liveReturnBp as returnBp,
  type LiveResult as Result,
  type CockfightCard,
} from '@wps/contracts';
