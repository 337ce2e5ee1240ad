/** SupportChat. */
export default function SupportChat() {
  return <div data-testid="SupportChat" />;
}
