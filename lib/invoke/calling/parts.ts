/**
 * Result parts in each form that carries tool results onward: MCP content, the AI SDK's `content`
 * output, LangChain content blocks, and plain text. One row per part type and form; where a form
 * has no carrier for a part, the part goes as text and the conversion says so in its losses.
 */
import { encodeBase64 } from '../arguments/formats';
import { OCTETS, partText, type Part } from '../../tool-result';
import { describeThrown } from '../../thrown';

export { partText, partsText } from '../../tool-result';

/** The forms a result's parts are converted to. */
export type PartForm = 'mcp' | 'ai-sdk' | 'langchain';

/** A part that a form could not carry as it is (it was sent as text). */
export interface PartLoss {
  /** Position of the part in the result. */
  readonly index: number;
  readonly type: Part['type'];
  readonly reason: string;
}

/** MCP content blocks (`CallToolResult.content`), as plain JSON. */
export type McpContent =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio'; mimeType: string; data: string }
  | { type: 'resource_link'; uri: string; name: string; description?: string; mimeType?: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text: string } | { uri: string; mimeType?: string; blob: string } };

/** The AI SDK's content parts (`ToolResultOutput` of type `content`). */
export type AiSdkContent =
  | { type: 'text'; text: string }
  | { type: 'file'; mediaType: string; filename?: string; data: { type: 'data'; data: string } | { type: 'url'; url: URL } | { type: 'text'; text: string } };

/** LangChain's standard content blocks (v1). */
export type LangChainContent =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio' | 'file'; mimeType: string; data: string; metadata?: Record<string, unknown> }
  | { type: 'file'; url: string; mimeType?: string; metadata?: Record<string, unknown> }
  | { type: 'text-plain'; text: string; mimeType: string; metadata?: Record<string, unknown> };

interface FormOf {
  mcp: McpContent;
  'ai-sdk': AiSdkContent;
  langchain: LangChainContent;
}

type Convert<F extends PartForm> = (part: Part) => FormOf[F] | { loss: string };

const TO_MCP: Convert<'mcp'> = (p) => {
  switch (p.type) {
    case 'image':
    case 'audio':
      return { type: p.type, mimeType: p.mimeType, data: encodeBase64(p.data) };
    case 'resource_link':
      return { ...p };
    case 'resource': {
      const head = p.mimeType !== undefined ? { uri: p.uri, mimeType: p.mimeType } : { uri: p.uri };
      return { type: 'resource', resource: p.text !== undefined ? { ...head, text: p.text } : { ...head, blob: encodeBase64(p.data) } };
    }
    default:
      return { type: 'text', text: partText(p) };
  }
};

/** The URI as a URL when it is an absolute one (a relative URI has no URL of its own: `new URL` throws). */
function absoluteUrl(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

const TO_AI_SDK: Convert<'ai-sdk'> = (p) => {
  switch (p.type) {
    case 'image':
    case 'audio':
      return { type: 'file', data: { type: 'data', data: encodeBase64(p.data) }, mediaType: p.mimeType };
    case 'resource_link': {
      if (p.mimeType === undefined) return { loss: 'an AI SDK file part needs a media type, and the link has none' };
      const url = absoluteUrl(p.uri);
      if (url === undefined) return { loss: 'an AI SDK file part needs an absolute URL, and the link has a relative (or malformed) URI' };
      return { type: 'file', data: { type: 'url', url }, mediaType: p.mimeType, filename: p.name };
    }
    case 'resource':
      return p.text !== undefined
        ? { type: 'file', data: { type: 'text', text: p.text }, mediaType: p.mimeType ?? 'text/plain' }
        : { type: 'file', data: { type: 'data', data: encodeBase64(p.data) }, mediaType: p.mimeType ?? OCTETS };
    default:
      return { type: 'text', text: partText(p) };
  }
};

const TO_LANGCHAIN: Convert<'langchain'> = (p) => {
  switch (p.type) {
    case 'image':
    case 'audio':
      return { type: p.type, mimeType: p.mimeType, data: encodeBase64(p.data) };
    case 'resource_link':
      return {
        type: 'file',
        url: p.uri,
        ...(p.mimeType !== undefined ? { mimeType: p.mimeType } : {}),
        metadata: { name: p.name, ...(p.description !== undefined ? { description: p.description } : {}) },
      };
    case 'resource':
      return p.text !== undefined
        ? { type: 'text-plain', text: p.text, mimeType: p.mimeType ?? 'text/plain', metadata: { uri: p.uri } }
        : { type: 'file', mimeType: p.mimeType ?? OCTETS, data: encodeBase64(p.data), metadata: { uri: p.uri } };
    default:
      return { type: 'text', text: partText(p) };
  }
};

const FORMS: { readonly [F in PartForm]: Convert<F> } = { mcp: TO_MCP, 'ai-sdk': TO_AI_SDK, langchain: TO_LANGCHAIN };

/**
 * The parts in `form`, and what it could not carry (each such part goes as its text instead).
 * MCP carries every part; the AI SDK has no link without a media type or with a relative URI.
 * Never throws: a converter that fails on a part sends it as text, with the failure as its loss.
 */
export function partsIn<F extends PartForm>(form: F, parts: readonly Part[]): { content: FormOf[F][]; losses: PartLoss[] } {
  const convert = FORMS[form] as Convert<F>;
  const losses: PartLoss[] = [];
  const content = parts.map((part, index) => {
    let out: FormOf[F] | { loss: string };
    try {
      out = convert(part);
    } catch (e) {
      out = { loss: `it could not be converted (${describeThrown(e, false)})` };
    }
    if ('loss' in out) {
      losses.push({ index, type: part.type, reason: out.loss });
      return { type: 'text', text: partText(part) } as FormOf[F];
    }
    return out;
  });
  return { content, losses };
}
