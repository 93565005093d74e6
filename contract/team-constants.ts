/**
 * The teams' constants, without zod: the browser's chunks may import them (contract/teams.ts re-exports them
 * beside its schemas, which would bring zod into a page's JavaScript).
 */

/** Spec §9: the teams as a full list (a filter's or a form's options) are asked for in one page of this size. */
export const TEAMS_FULL_LIST_SIZE = 9999;
/** Spec §9: the colleagues offered when adding a team member, a page of this size per search. */
export const TEAM_MEMBER_SEARCH_PAGE_SIZE = 100;
