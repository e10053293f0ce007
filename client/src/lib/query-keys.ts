/** Query keys shared between features and the live-event handling. */
export const packageQueryKey = (id: string) => ['package', id] as const;
export const packageListQueryKey = (userId: string) => ['packages', userId] as const;
export const publicConfigQueryKey = ['public-config'] as const;
