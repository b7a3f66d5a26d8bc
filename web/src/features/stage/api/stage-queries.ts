// Shared query keys of the stages calls, so a save refreshes the member's list.
export const stageKeys = {
  all: ['stages'] as const,
  list: () => ['stages', 'list'] as const,
  one: (id: string) => ['stages', 'one', id] as const,
};
