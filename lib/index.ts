/** tool-signatures: class methods and functions as tools a language model can call. */
export { Tool, type CreateOptions } from './tool';
export { JSON_SCHEMA_2020_12, type JsonSchemaToolInit, type JsonSchemaToolFunction } from './invoke/calling/schema-tool';
export { Param, Prop } from './decorators/param';
export { Range } from './decorators/range';
export { Description } from './decorators/description';
export { Tools } from './decorators/tools';
export { Prompt, Resource, ResourceTemplate } from './decorators/served';
export {
  PromptDefinition,
  ResourceDefinition,
  ResourceTemplateDefinition,
  MAX_COMPLETIONS,
  COMPLETION_TIMEOUT_MS,
  type PromptArgument,
  type PromptMessage,
  type ResourceContents,
  type ServedReply,
  type CompletionValues,
  type ServedTarget,
} from './invoke/tools/served';
export {
  Int8,
  UInt8,
  Int16,
  UInt16,
  Int32,
  UInt32,
  Int,
  Int64,
  UInt64,
  Char,
  Uuid,
  DateOnly,
  TimeOnly,
  TimeSpan,
  JsonValue,
  JsonObject,
  JsonArray,
} from './types/tokens';
export { SetOf, RecordOf, Nullable, EnumOf, AnyOf, Discriminated, ObjectOf, type Hint, type EnumSource, type ObjectHint } from './types/hints';
export {
  Part,
  ToolResult,
  type CostLine,
  type TextPart,
  type JsonPart,
  type ImagePart,
  type AudioPart,
  type ResourceLinkPart,
  type ResourcePart,
  type ResourceLinkInit,
  type ResourceInit,
} from './tool-result';
export {
  ToolContext,
  ToolContextError,
  systemClock,
  type Clock,
  type ToolContextInit,
  type ToolClient,
  type LogLevel,
  type ProgressUpdate,
  type ElicitationRequest,
  type ElicitationReply,
  type Elicited,
  type ElicitOptions,
  type ToolContextErrorCode,
  type SamplingMessage,
  type SamplingContent,
  type SamplingTool,
  type SampleOptions,
  type SamplingRequest,
  type SamplingReply,
  type ClientRoot,
  type RootsOptions,
} from './invoke/calling/context';
export type { ApprovalRequest, ApprovalDecision, Approver } from './invoke/calling/context';
export { approvalQuestion, type ApprovalQuestion } from './invoke/calling/question';
export type { ApprovalContext, ApprovalPredicate, CallerAuthInfo, ToolCaller, ToolServices } from './tool-description';
export type { InvokeOptions, ErrorText, ToolFailure } from './invoke/calling/context';
export { ToolInvoker, type StagedCall } from './invoke/calling/invoker';
export { ToolSet, type ServedChange, type ServedDefinition, type ToolSetItem, type ToolSetOptions, type AddClassOptions } from './invoke/tools/toolset';
export { runToolCalls, type ToolCall, type RunToolCallsOptions, type ToolCallResult, type ToolCallsOutcome } from './invoke/tools/run-tool-calls';
export { DEFAULT_LIMITS, type ArgumentLimits } from './invoke/arguments/json-text';
export { ToolDefinitionError, type DefinitionProblem, type ToolErrorCode, type ToolErrorSite } from './errors';
export type { ToolDescription, JsonSchema, ToolAnnotations, ToolTask, ToolTaskMode } from './tool-description';
export type { ToolDefinition } from './invoke/tools/bound-tool';
export type {
  PromptOptions,
  ResourceOptions,
  Completer,
  CompletionContext,
  ToolOptions,
  ToolClassOptions,
  ToolInput,
  ParamOptions,
  PropOptions,
  StaticClassMeta,
  UnionMember,
} from './metadata/options';
export { defineStaticMetadata } from './metadata/storage';
export { registerGeneratedMetadata, type GeneratedOrigin } from './metadata/generated';
export * from './providers';
export { partsIn, partText, type PartForm, type PartLoss, type McpContent, type AiSdkContent, type LangChainContent } from './invoke/calling/parts';
