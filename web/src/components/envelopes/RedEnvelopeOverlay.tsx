/** The red envelope: shown to signed-in members while a window of their brand is open, pushed live when one opens. */
export function RedEnvelopeOverlay() {
  return null;
}
