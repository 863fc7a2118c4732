import type { Orders } from '../domain';
import { ajvCase } from './ajv';
import { ctcvCase } from './ctcv';
import { floorCase } from './floor';
import { oursCase, oursText, oursTools, type OursTools } from './ours';
import { fromText, type BenchResult, type Case } from './result';
import { zodCase } from './zod';

export type { BenchResult, Case } from './result';

/** Every case over one service instance, and the two JSON-text paths. */
export interface Cases {
  readonly floor: Case;
  readonly ajv: Case;
  readonly zod: Case;
  readonly ctcv: Case;
  readonly ours: Case;
  readonly tools: OursTools;
  /** From JSON text: `JSON.parse` + floor, and ours. */
  readonly text: {
    readonly floor: { small(text: string): Promise<BenchResult>; large(text: string): Promise<BenchResult> };
    readonly ours: { small(text: string): Promise<BenchResult>; large(text: string): Promise<BenchResult> };
  };
}

export function makeCases(service: Orders): Cases {
  const floor = floorCase(service);
  const tools = oursTools(service);
  return {
    floor,
    ajv: ajvCase(service),
    zod: zodCase(service),
    ctcv: ctcvCase(service),
    ours: oursCase(tools),
    tools,
    text: {
      floor: { small: fromText(floor.small), large: fromText(floor.large) },
      ours: oursText(tools),
    },
  };
}

/** The object-input cases in a fixed order. */
export function objectCases(c: Cases): readonly Case[] {
  return [c.floor, c.ajv, c.zod, c.ctcv, c.ours];
}
