/**
 * The one way specs connect the MCP SDK v1 client (`@modelcontextprotocol/sdk`): in memory to a
 * server made by `createMcpServer` (`connectV1`), over Streamable HTTP to an endpoint
 * (`connectHttp`), or over stdio on in-process pipes (`connectStdio`, `stdioPipes` for any client).
 * The client declares the capabilities given and answers the server's requests with the answers
 * given (sampling, elicitation, roots), recording each request it answered.
 */
import { PassThrough } from 'node:stream';
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, type StreamableHTTPClientTransportOptions } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  type CreateMessageRequest,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
  type ElicitRequest,
  type ElicitResult,
  type Root,
} from '@modelcontextprotocol/sdk/types.js';
import { BoundedStdioTransport } from 'tool-signatures/mcp';

type Answer<T> = T | Promise<T>;

/** The client: its options (`capabilities`), its answers to the server's requests, and anything else set before it connects. */
export interface ClientSetup extends ClientOptions {
  /** Answers `sampling/createMessage` (declare `sampling` in `capabilities`). */
  onSample?: (request: CreateMessageRequest) => Answer<CreateMessageResult | CreateMessageResultWithTools>;
  /** Answers `elicitation/create` (declare `elicitation`). */
  onElicit?: (request: ElicitRequest) => Answer<ElicitResult>;
  /** Answers `roots/list` (declare `roots`). */
  roots?: () => Root[];
  /** Called with the client before it connects: notification handlers, `onerror`. */
  before?: (client: Client) => void;
}

export interface Connected {
  client: Client;
  /** The `sampling/createMessage` requests answered, in order. */
  sampled: CreateMessageRequest[];
  /** The `elicitation/create` requests answered, in order. */
  asked: ElicitRequest[];
  close(): Promise<void>;
}

export interface ConnectedV1 extends Connected {
  server: Server;
}

export interface ConnectedHttp extends Connected {
  transport: StreamableHTTPClientTransport;
}

function client(setup: ClientSetup): Omit<Connected, 'close'> {
  const { onSample, onElicit, roots, before, ...options } = setup;
  const made = new Client({ name: 'spec', version: '1.0.0' }, options);
  const sampled: CreateMessageRequest[] = [];
  const asked: ElicitRequest[] = [];
  if (onSample !== undefined)
    made.setRequestHandler(CreateMessageRequestSchema, (request) => {
      sampled.push(request);
      return onSample(request);
    });
  if (onElicit !== undefined)
    made.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request);
      return onElicit(request);
    });
  if (roots !== undefined) made.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots() }));
  before?.(made);
  return { client: made, sampled, asked };
}

/** Connects a v1 client to `server` in memory; `close()` closes both sides. */
export async function connectV1(server: Server, setup: ClientSetup = {}): Promise<ConnectedV1> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const made = client(setup);
  await made.client.connect(clientSide);
  return {
    ...made,
    server,
    close: async () => {
      await made.client.close();
      await server.close();
    },
  };
}

export interface HttpSetup extends ClientSetup {
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** The fetch the transport uses. */
  fetch?: typeof fetch;
  /** More transport options (reconnection, a session id to resume). */
  transport?: Omit<StreamableHTTPClientTransportOptions, 'fetch'>;
}

/**
 * Connects a v1 client over Streamable HTTP to `endpoint`: a URL, or an endpoint (`serveMcpHttp`'s),
 * which `close()` then closes after the client (and which is closed at once if the client cannot connect).
 */
export async function connectHttp(endpoint: URL | { url: URL; close(): Promise<void> }, setup: HttpSetup = {}): Promise<ConnectedHttp> {
  const { headers, fetch: fetchImpl, transport: options, ...rest } = setup;
  const made = client(rest);
  const transport = new StreamableHTTPClientTransport(endpoint instanceof URL ? endpoint : endpoint.url, {
    ...options,
    ...(headers !== undefined ? { requestInit: { ...options?.requestInit, headers } } : {}),
    ...(fetchImpl !== undefined ? { fetch: fetchImpl } : {}),
  });
  try {
    await made.client.connect(transport);
  } catch (e) {
    if (!(endpoint instanceof URL)) await endpoint.close();
    throw e;
  }
  return {
    ...made,
    transport,
    close: async () => {
      await made.client.close();
      if (!(endpoint instanceof URL)) await endpoint.close();
    },
  };
}

/** The streams of a stdio connection in process: the server's, and the client's other ends. */
export interface StdioPipes {
  /** For `serveMcpStdio`: it reads `stdin`, writes `stdout` and `stderr`. */
  server: { stdin: PassThrough; stdout: PassThrough; stderr: PassThrough };
  /** For the client's transport: `stdin` is what the server wrote, `stdout` what it reads. */
  client: { stdin: PassThrough; stdout: PassThrough; stderr: PassThrough };
}

export function stdioPipes(): StdioPipes {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  return {
    server: { stdin: toServer, stdout: toClient, stderr: new PassThrough() },
    client: { stdin: toClient, stdout: toServer, stderr: new PassThrough() },
  };
}

/** Serves over stdio in process (`serve` is given the server's streams) and connects a v1 client; `close()` closes both. */
export async function connectStdio(serve: (streams: StdioPipes['server']) => Promise<{ close(): Promise<void> }>, setup: ClientSetup = {}): Promise<Connected> {
  const pipes = stdioPipes();
  const server = await serve(pipes.server);
  const made = client(setup);
  await made.client.connect(new BoundedStdioTransport(pipes.client));
  return {
    ...made,
    close: async () => {
      await made.client.close();
      await server.close();
    },
  };
}
