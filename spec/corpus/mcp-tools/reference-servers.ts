import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { EnumOf, ObjectOf, Tool, type ToolDefinition } from 'tool-signatures';

/**
 * Tools of the MCP reference servers (modelcontextprotocol/servers at
 * 76d64c822f5125032f89eb71dbdb94e42b434821): src/filesystem/index.ts and src/memory/index.ts. The
 * zod input shapes are copied as written there and published by the MCP SDK's own McpServer (what
 * a client lists is the published schema); beside them, each tool rewritten with this library.
 */
export const REFERENCE_SOURCE = {
  repository: 'modelcontextprotocol/servers',
  commit: '76d64c822f5125032f89eb71dbdb94e42b434821',
  paths: ['src/filesystem/index.ts', 'src/memory/index.ts'],
} as const;

// src/memory/index.ts
const EntitySchema = z.object({
  name: z.string().describe('The name of the entity'),
  entityType: z.string().describe('The type of the entity'),
  observations: z.array(z.string()).describe('An array of observation contents associated with the entity'),
});
const RelationSchema = z.object({
  from: z.string().describe('The name of the entity where the relation starts'),
  to: z.string().describe('The name of the entity where the relation ends'),
  relationType: z.string().describe('The type of the relation'),
});

/** The published input shapes, by tool name, as the servers register them. */
const PUBLISHED: Readonly<Record<string, z.ZodRawShape>> = {
  // src/filesystem/index.ts
  read_text_file: {
    path: z.string(),
    tail: z.number().optional().describe('If provided, returns only the last N lines of the file'),
    head: z.number().optional().describe('If provided, returns only the first N lines of the file'),
  },
  read_media_file: { path: z.string() },
  read_multiple_files: {
    paths: z.array(z.string()).min(1).describe('Array of file paths to read. Each path must be a string pointing to a valid file within allowed directories.'),
  },
  write_file: { path: z.string(), content: z.string() },
  edit_file: {
    path: z.string(),
    edits: z.array(
      z.object({
        oldText: z.string().describe('Text to search for - must match exactly'),
        newText: z.string().describe('Text to replace with'),
      }),
    ),
    dryRun: z.boolean().default(false).describe('Preview changes using git-style diff format'),
  },
  create_directory: { path: z.string() },
  list_directory: { path: z.string() },
  list_directory_with_sizes: {
    path: z.string(),
    sortBy: z.enum(['name', 'size']).optional().default('name').describe('Sort entries by name or size'),
  },
  directory_tree: { path: z.string(), excludePatterns: z.array(z.string()).optional().default([]) },
  move_file: { source: z.string(), destination: z.string() },
  search_files: { path: z.string(), pattern: z.string(), excludePatterns: z.array(z.string()).optional().default([]) },
  get_file_info: { path: z.string() },
  list_allowed_directories: {},
  // src/memory/index.ts
  create_entities: { entities: z.array(EntitySchema) },
  create_relations: { relations: z.array(RelationSchema) },
  add_observations: {
    observations: z.array(
      z.object({
        entityName: z.string().describe('The name of the entity to add the observations to'),
        contents: z.array(z.string()).describe('An array of observation contents to add'),
      }),
    ),
  },
  delete_entities: { entityNames: z.array(z.string()).describe('An array of entity names to delete') },
  delete_observations: {
    deletions: z.array(
      z.object({
        entityName: z.string().describe('The name of the entity containing the observations'),
        observations: z.array(z.string()).describe('An array of observations to delete'),
      }),
    ),
  },
  delete_relations: { relations: z.array(RelationSchema).describe('An array of relations to delete') },
  read_graph: {},
  search_nodes: { query: z.string().describe('The search query to match against entity names, types, and observation content') },
  open_nodes: { names: z.array(z.string()).describe('An array of entity names to retrieve') },
};

/** A server that publishes the reference tools as the SDK does (the handlers are not the subject). */
export function publishedServer(): McpServer {
  const server = new McpServer({ name: 'reference', version: '1.0.0' });
  for (const [name, inputSchema] of Object.entries(PUBLISHED)) server.registerTool(name, { inputSchema }, () => ({ content: [] }));
  return server;
}

const done = (name: string) => (): string => name;

const Entity = ObjectOf(
  {
    name: { type: String, description: 'The name of the entity' },
    entityType: { type: String, description: 'The type of the entity' },
    observations: { type: [String], description: 'An array of observation contents associated with the entity' },
  },
  { name: 'Entity' },
);
const Relation = ObjectOf(
  {
    from: { type: String, description: 'The name of the entity where the relation starts' },
    to: { type: String, description: 'The name of the entity where the relation ends' },
    relationType: { type: String, description: 'The type of the relation' },
  },
  { name: 'Relation' },
);

/** The same tools, written with this library. */
export const referenceTools: readonly ToolDefinition[] = [
  Tool.create((path: string, tail?: number, head?: number) => done('read_text_file')() + path + String(tail ?? head), {
    name: 'read_text_file',
    params: {
      path: String,
      tail: { type: Number, optional: true, description: 'If provided, returns only the last N lines of the file' },
      head: { type: Number, optional: true, description: 'If provided, returns only the first N lines of the file' },
    },
  }),
  Tool.create((path: string) => path, { name: 'read_media_file', params: { path: String } }),
  Tool.create((paths: string[]) => paths.join(), {
    name: 'read_multiple_files',
    params: {
      paths: {
        type: [String],
        minItems: 1,
        description: 'Array of file paths to read. Each path must be a string pointing to a valid file within allowed directories.',
      },
    },
  }),
  Tool.create((path: string, content: string) => path + content, { name: 'write_file', params: { path: String, content: String } }),
  Tool.create((path: string, edits: { oldText: string; newText: string }[], dryRun = false) => path + String(edits.length) + String(dryRun), {
    name: 'edit_file',
    params: {
      path: String,
      edits: [
        ObjectOf({
          oldText: { type: String, description: 'Text to search for - must match exactly' },
          newText: { type: String, description: 'Text to replace with' },
        }),
      ],
      dryRun: { type: Boolean, default: false, description: 'Preview changes using git-style diff format' },
    },
  }),
  Tool.create((path: string) => path, { name: 'create_directory', params: { path: String } }),
  Tool.create((path: string) => path, { name: 'list_directory', params: { path: String } }),
  Tool.create((path: string, sortBy = 'name') => path + sortBy, {
    name: 'list_directory_with_sizes',
    params: { path: String, sortBy: { type: EnumOf(['name', 'size']), default: 'name', description: 'Sort entries by name or size' } },
  }),
  Tool.create((path: string, excludePatterns: string[] = []) => path + excludePatterns.join(), {
    name: 'directory_tree',
    params: { path: String, excludePatterns: { type: [String], default: [] } },
  }),
  Tool.create((source: string, destination: string) => source + destination, { name: 'move_file', params: { source: String, destination: String } }),
  Tool.create((path: string, pattern: string, excludePatterns: string[] = []) => path + pattern + excludePatterns.join(), {
    name: 'search_files',
    params: { path: String, pattern: String, excludePatterns: { type: [String], default: [] } },
  }),
  Tool.create((path: string) => path, { name: 'get_file_info', params: { path: String } }),
  Tool.create(done('list_allowed_directories'), { name: 'list_allowed_directories' }),
  Tool.create((entities: unknown[]) => String(entities.length), { name: 'create_entities', params: { entities: [Entity] } }),
  Tool.create((relations: unknown[]) => String(relations.length), { name: 'create_relations', params: { relations: [Relation] } }),
  Tool.create((observations: unknown[]) => String(observations.length), {
    name: 'add_observations',
    params: {
      observations: [
        ObjectOf({
          entityName: { type: String, description: 'The name of the entity to add the observations to' },
          contents: { type: [String], description: 'An array of observation contents to add' },
        }),
      ],
    },
  }),
  Tool.create((entityNames: string[]) => entityNames.join(), {
    name: 'delete_entities',
    params: { entityNames: { type: [String], description: 'An array of entity names to delete' } },
  }),
  Tool.create((deletions: unknown[]) => String(deletions.length), {
    name: 'delete_observations',
    params: {
      deletions: [
        ObjectOf({
          entityName: { type: String, description: 'The name of the entity containing the observations' },
          observations: { type: [String], description: 'An array of observations to delete' },
        }),
      ],
    },
  }),
  Tool.create((relations: unknown[]) => String(relations.length), {
    name: 'delete_relations',
    params: { relations: { type: [Relation], description: 'An array of relations to delete' } },
  }),
  Tool.create(done('read_graph'), { name: 'read_graph' }),
  Tool.create((query: string) => query, {
    name: 'search_nodes',
    params: { query: { type: String, description: 'The search query to match against entity names, types, and observation content' } },
  }),
  Tool.create((names: string[]) => names.join(), {
    name: 'open_nodes',
    params: { names: { type: [String], description: 'An array of entity names to retrieve' } },
  }),
];
