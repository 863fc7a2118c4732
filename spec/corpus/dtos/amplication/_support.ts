// Stand-ins for the modules amplication's schema-registry messages import that are not here:
// - EnumGitProvider, GitProviderProperties, GitResourceMeta (libs/util/git/src/types.ts): the enum copied,
//   the others only as types;
// - EnumActionStepStatus (libs/util/code-gen-types/src/models.ts), copied; LogEntry
//   (libs/util/logging) only as a type.
// Source: https://github.com/amplication/amplication @ d533515daf0845d82cd7edbe0e5c5f927cf2388a
export enum EnumGitProvider {
  Github = "Github",
  Bitbucket = "Bitbucket",
  AwsCodeCommit = "AwsCodeCommit",
  GitLab = "GitLab",
  AzureDevOps = "AzureDevOps",
}

export type GitProviderProperties = { installationId: string } | { username: string; workspaceUuid: string };

export interface GitResourceMeta {
  serverPath: string;
  adminUIPath: string;
}

export enum EnumActionStepStatus {
  Failed = "Failed",
  Running = "Running",
  Success = "Success",
  Waiting = "Waiting",
}

export enum EnumResourceType {
  Service = "Service",
  ProjectConfiguration = "ProjectConfiguration",
  MessageBroker = "MessageBroker",
}

export interface LogEntry {
  [key: string]: unknown;
  level: string;
  message: string;
}
