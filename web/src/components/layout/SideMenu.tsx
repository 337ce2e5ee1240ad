/** The side menu of the normal layout (spec §2 "Layout"); hidden on game pages. */
export function SideMenu() {
  return null;
}
