/** The announcement popup (publicModal) and the notice list (noticeModal), over any page of the normal layout. */
export function ContentOverlays() {
  return null;
}
