/**
 * What a POST must carry (Accept, Content-Type), its body read within its bounds, and parsed as JSON-RPC messages.
 */
import { type IncomingMessage } from 'node:http';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import { DEFAULTS } from './options';
import { INVALID_REQUEST, Refusal, SERVER_ERROR } from './codes';

/** What the client accepts: JSON answers, SSE streams, or both (`*` counts as both). */
export function accepts(req: IncomingMessage): { json: boolean; sse: boolean } {
  const a = req.headers.accept ?? '';
  const any = a.includes('*/*');
  return { json: any || a.includes('application/json'), sse: any || a.includes('text/event-stream') };
}

export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const semi = value.indexOf(';');
  return (semi === -1 ? value : value.slice(0, semi)).trim().toLowerCase() === 'application/json';
}

/** Reads the body within the byte and time bounds; a refusal says why not. */
/** A body whose declared length (`Content-Length`) is over the bound: its refusal. */
export function declaredTooLarge(req: IncomingMessage, maxBytes: number): Refusal | undefined {
  return Number(req.headers['content-length']) > maxBytes
    ? new Refusal(413, SERVER_ERROR, `Payload Too Large: the body must not exceed ${maxBytes} bytes`)
    : undefined;
}

export function readBody(req: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<string | Refusal> {
  const declared = declaredTooLarge(req, maxBytes);
  if (declared !== undefined) return Promise.resolve(declared);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (v: string | Refusal): void => {
      clearTimeout(timer);
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onError);
      resolve(v);
    };
    const timer = setTimeout(() => finish(new Refusal(408, SERVER_ERROR, `Request Timeout: the body did not arrive within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) finish(new Refusal(413, SERVER_ERROR, `Payload Too Large: the body must not exceed ${maxBytes} bytes`));
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    const onError = (): void => finish(new Refusal(400, SERVER_ERROR, 'Bad Request: the body could not be read'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

export type Message = Record<string, unknown>;

/** JSON-RPC 2.0 shape checks (the server's handlers validate params against the MCP schemas). */
export function isRequest(m: Message): boolean {
  return typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number');
}

export function isMessage(m: unknown): m is Message {
  if (typeof m !== 'object' || m === null || Array.isArray(m) || (m as Message).jsonrpc !== '2.0') return false;
  const x = m as Message;
  if (typeof x.method === 'string') return x.id === undefined || typeof x.id === 'string' || typeof x.id === 'number';
  return (typeof x.id === 'string' || typeof x.id === 'number') && ('result' in x || 'error' in x);
}

/** The body as JSON-RPC messages, or the refusal that says what is wrong with it. */
export function parseMessages(body: unknown): Message[] | Refusal {
  const list = Array.isArray(body) ? body : [body];
  if (list.length === 0) return new Refusal(400, INVALID_REQUEST, 'Invalid Request: empty batch');
  if (list.length > DEFAULTS.maxBatch) return new Refusal(400, INVALID_REQUEST, `Invalid Request: a batch must not exceed ${DEFAULTS.maxBatch} messages`);
  for (const m of list) if (!isMessage(m)) return new Refusal(400, INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message');
  return list as Message[];
}

/** The id of the body's request when the body is one request; else null (JSON-RPC's id for an error that belongs to no request). */
export function soleId(messages: readonly Message[]): RequestId | null {
  return messages.length === 1 && isRequest(messages[0]!) ? (messages[0]!.id as RequestId) : null;
}
