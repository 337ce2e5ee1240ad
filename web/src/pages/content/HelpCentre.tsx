/** HelpCentre. */
export default function HelpCentre() {
  return <div data-testid="HelpCentre" />;
}
