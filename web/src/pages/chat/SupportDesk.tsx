/** SupportDesk. */
export default function SupportDesk() {
  return <div data-testid="SupportDesk" />;
}
