// Stand-in for src/team/team.model.ts of hoppscotch-backend: TeamAccessRole copied (the rest is GraphQL types).
// Source: https://github.com/hoppscotch/hoppscotch @ afc2cf181c16e56647b099e5d18cfe55710c6cdd
export enum TeamAccessRole {
  OWNER = 'OWNER',
  VIEWER = 'VIEWER',
  EDITOR = 'EDITOR',
}
