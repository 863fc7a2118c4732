import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';

/** A NestJS application listening, and the URL of its MCP endpoint. */
export interface Booted {
  readonly app: INestApplication;
  readonly url: URL;
}

export const urlOf = (app: INestApplication): URL => new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`);
