/**
 * Every coordinator console query's key starts here: an action in the console, or an at-risk
 * alert arriving live, refreshes the whole console.
 */
export const coordinatorQueryRoot = ['coordinator'] as const;
