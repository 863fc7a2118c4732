import { token } from './hints';

/* Each token is a runtime value (a hint for the reflector) and a type of the same name (for the
   compile-time plugin, and so that `n: Int32` is a `number` to TypeScript). */

/** An integer from -128 to 127. */
export const Int8 = token('Int8');
export type Int8 = number;
/** An integer from 0 to 255. */
export const UInt8 = token('UInt8');
export type UInt8 = number;
/** An integer from -32768 to 32767. */
export const Int16 = token('Int16');
export type Int16 = number;
/** An integer from 0 to 65535. */
export const UInt16 = token('UInt16');
export type UInt16 = number;
/** An integer from -2147483648 to 2147483647. */
export const Int32 = token('Int32');
export type Int32 = number;
/** An integer from 0 to 4294967295. */
export const UInt32 = token('UInt32');
export type UInt32 = number;
/** A safe integer: from -9007199254740991 to 9007199254740991. */
export const Int = token('Int');
export type Int = number;
/** A 64-bit signed integer; the method receives a `bigint`. */
export const Int64 = token('Int64');
export type Int64 = bigint;
/** A 64-bit unsigned integer; the method receives a `bigint`. */
export const UInt64 = token('UInt64');
export type UInt64 = bigint;
/** One character. */
export const Char = token('Char');
export type Char = string;
/** A UUID (`format: uuid`). */
export const Uuid = token('Uuid');
export type Uuid = string;
/** A calendar date, `yyyy-MM-dd`; the method receives the string. */
export const DateOnly = token('DateOnly');
export type DateOnly = string;
/** A time of day, `HH:mm:ss[.fffffff]`; the method receives the string. */
export const TimeOnly = token('TimeOnly');
export type TimeOnly = string;
/** A duration, `[-][d.]hh:mm:ss[.fffffff]`; the method receives the string. */
export const TimeSpan = token('TimeSpan');
export type TimeSpan = string;
/** Any JSON value (`{}`). */
export const JsonValue = token('JsonValue');
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** Any JSON object (`{"type":"object"}`). */
export const JsonObject = token('JsonObject');
export type JsonObject = { [key: string]: JsonValue };
/** Any JSON array (`{"type":"array"}`). */
export const JsonArray = token('JsonArray');
export type JsonArray = JsonValue[];
