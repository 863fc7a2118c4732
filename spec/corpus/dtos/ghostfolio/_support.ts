// Stand-ins for the modules ghostfolio's DTOs import that are not installed here:
// - the Prisma enums (prisma/schema.prisma), written as Prisma's client writes them (a const object and its type);
// - IsCurrencyCode (libs/common/src/lib/validators/is-currency-code.ts) and IsAfter1970Constraint
//   (libs/common/src/lib/validator-constraints/is-after-1970.ts), copied; isDerivedCurrency is ghostfolio's
//   list of derived currencies (GBp, ILA, ZAc, USX); date-fns's isAfter/format/eachYearOfInterval reduced to what they use;
// - scopes (libs/common/src/lib/scopes.ts) and the interfaces the DTOs name only as types;
// - lodash's isString;
// - DATE_RANGES and DEFAULT_DATE_RANGE (libs/common/src/lib/config.ts) and HoldingType, copied.
// Source: https://github.com/ghostfolio/ghostfolio @ c542997d27990365b607c7a6c9fe4bc8835a55c8
import {
  isISO4217CurrencyCode,
  registerDecorator,
  ValidationOptions,
  ValidatorConstraint,
  ValidatorConstraintInterface
} from 'class-validator';

export const AssetClass = {
  ALTERNATIVE_INVESTMENT: 'ALTERNATIVE_INVESTMENT',
  COMMODITY: 'COMMODITY',
  EQUITY: 'EQUITY',
  FIXED_INCOME: 'FIXED_INCOME',
  LIQUIDITY: 'LIQUIDITY',
  REAL_ESTATE: 'REAL_ESTATE'
} as const;
export type AssetClass = (typeof AssetClass)[keyof typeof AssetClass];

export const AssetSubClass = {
  BOND: 'BOND',
  CASH: 'CASH',
  COLLECTIBLE: 'COLLECTIBLE',
  COMMODITY: 'COMMODITY',
  CRYPTOCURRENCY: 'CRYPTOCURRENCY',
  ETF: 'ETF',
  LOAN: 'LOAN',
  MUTUALFUND: 'MUTUALFUND',
  PRECIOUS_METAL: 'PRECIOUS_METAL',
  PRIVATE_EQUITY: 'PRIVATE_EQUITY',
  STOCK: 'STOCK'
} as const;
export type AssetSubClass = (typeof AssetSubClass)[keyof typeof AssetSubClass];

export const DataSource = {
  ALPHA_VANTAGE: 'ALPHA_VANTAGE',
  COINGECKO: 'COINGECKO',
  EOD_HISTORICAL_DATA: 'EOD_HISTORICAL_DATA',
  FINANCIAL_MODELING_PREP: 'FINANCIAL_MODELING_PREP',
  GHOSTFOLIO: 'GHOSTFOLIO',
  GOOGLE_SHEETS: 'GOOGLE_SHEETS',
  MANUAL: 'MANUAL',
  RAPID_API: 'RAPID_API',
  YAHOO: 'YAHOO'
} as const;
export type DataSource = (typeof DataSource)[keyof typeof DataSource];

export const Type = {
  BUY: 'BUY',
  DIVIDEND: 'DIVIDEND',
  FEE: 'FEE',
  INTEREST: 'INTEREST',
  LIABILITY: 'LIABILITY',
  SELL: 'SELL'
} as const;
export type Type = (typeof Type)[keyof typeof Type];

export interface Tag { id: string; name: string; userId: string | null }
export declare namespace Prisma { type InputJsonArray = readonly unknown[] }
export interface Filter { id: string; label?: string; type: string }
export interface AccountBalance { balance: number; date: string }
export interface MarketData { date: string; marketPrice: number }
export type XRayRulesSettings = Record<string, { isActive: boolean }>;
export type ColorScheme = 'DARK' | 'LIGHT';
export type DateRange = '1d' | '1y' | '5y' | 'max' | 'mtd' | 'wtd' | 'ytd' | string;
export type HoldingsViewMode = 'CHART' | 'TABLE';
export type ViewMode = 'DEFAULT' | 'ZEN';

export const scopes = {
  accountCreate: 'account:create',
  accountDelete: 'account:delete',
  accountRead: 'account:read',
  accountUpdate: 'account:update',
  activityCreate: 'activity:create',
  activityDelete: 'activity:delete',
  activityRead: 'activity:read',
  activityUpdate: 'activity:update',
  portfolioRead: 'portfolio:read',
  portfolioReadValues: 'portfolio:read:values',
  watchlistCreate: 'watchlist:create',
  watchlistDelete: 'watchlist:delete',
  watchlistRead: 'watchlist:read'
} as const;
export type Scope = (typeof scopes)[keyof typeof scopes];

export function isString(value: unknown): value is string {
  return typeof value === 'string' || value instanceof String;
}

export function eachYearOfInterval({ end, start }: { end: Date; start: Date }): Date[] {
  const years: Date[] = [];
  for (let y = start.getUTCFullYear(); y <= end.getUTCFullYear(); y++) years.push(new Date(Date.UTC(y, 0, 1)));
  return years;
}

export function format(date: Date, _pattern: 'yyyy'): string {
  return String(date.getUTCFullYear());
}

function isAfter(date: unknown, than: Date): boolean {
  const d = date instanceof Date ? date : new Date(date as string);
  return d.getTime() > than.getTime();
}

function isDerivedCurrency(currency: string): boolean {
  return ['GBp', 'ILA', 'USX', 'ZAc'].includes(currency);
}

export function IsCurrencyCode(validationOptions?: ValidationOptions) {
  return function (object: object, propertyName: string) {
    registerDecorator({
      propertyName,
      constraints: [],
      options: validationOptions,
      target: object.constructor,
      validator: IsExtendedCurrencyConstraint
    });
  };
}

@ValidatorConstraint({ async: false })
export class IsExtendedCurrencyConstraint implements ValidatorConstraintInterface {
  public defaultMessage() {
    return '$property must be a valid ISO4217 currency code';
  }

  public validate(currency: string) {
    return isDerivedCurrency(currency) || (this.isUpperCase(currency) && isISO4217CurrencyCode(currency));
  }

  private isUpperCase(aString: string) {
    return aString === aString?.toUpperCase();
  }
}

@ValidatorConstraint({ name: 'isAfter1970' })
export class IsAfter1970Constraint implements ValidatorConstraintInterface {
  public defaultMessage() {
    return `date must be after ${format(new Date(0), 'yyyy')}`;
  }

  public validate(aDate: Date) {
    return isAfter(aDate, new Date(0));
  }
}

// libs/common/src/lib/config.ts (the two constants the query DTOs use) and libs/common/src/lib/types (HoldingType).
export const DATE_RANGES = [
  '1d',
  '1y',
  '5y',
  'max',
  'mtd',
  'wtd',
  'ytd'
] as const;
export const DEFAULT_DATE_RANGE: DateRange = 'max';
export type HoldingType = 'ACTIVE' | 'CLOSED';
