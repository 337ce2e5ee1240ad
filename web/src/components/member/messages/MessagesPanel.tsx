/** messageV2: the member's inbox. */
export function MessagesPanel() {
  return <div data-testid="messages-panel" />;
}
