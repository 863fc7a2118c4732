// The part of @types/node that update-profile-request.dto.ts uses (process.env). The corpus compiles without
// @types/node, which would double the compile time of every project.
declare const process: { env: Record<string, string | undefined> };
