import { Injectable, Module } from '@nestjs/common';
import { Description, Prompt, Resource, Tool } from 'tool-signatures';

@Injectable()
export class PriceBook {
  readonly #prices = new Map([
    ['BOLT-M8', 0.25],
    ['NUT-M8', 0.1],
  ]);

  price(sku: string): number | undefined {
    return this.#prices.get(sku);
  }
}

/** A provider with tools: ToolsModule finds it; Nest injects its dependencies as usual. */
@Injectable()
export class CatalogueTools {
  constructor(private readonly prices: PriceBook) {}

  @Tool({ description: 'Price of a catalogue item, in EUR.' })
  price(@Description('Catalogue SKU, like BOLT-M8.') sku: string): string {
    const price = this.prices.price(sku);
    if (price === undefined) throw new RangeError(`no item ${sku}`);
    return `${sku}: ${price.toFixed(2)} EUR`;
  }

  /** The same provider serves an MCP prompt (its arguments read as tool parameters) ... */
  @Prompt({ description: 'Ask for a quote.' })
  quote(@Description('Catalogue SKU.') sku: string, qty = 1): string {
    return `Quote ${qty} × ${sku} at ${this.prices.price(sku)?.toFixed(2) ?? '?'} EUR each.`;
  }

  /** ... and an MCP resource. */
  @Resource('catalogue://skus', { mimeType: 'application/json', description: 'Every SKU.' })
  skus(): string[] {
    return ['BOLT-M8', 'NUT-M8'];
  }
}

@Module({ providers: [PriceBook, CatalogueTools], exports: [PriceBook] })
export class CatalogueModule {}
