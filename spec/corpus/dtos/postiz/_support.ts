// Stand-ins for the modules postiz-app's DTOs import that are not here:
// - Provider of @prisma/client (schema.prisma's enum Provider), as Prisma writes it;
// - makeId (libraries/nestjs-libraries/src/services/make.is.ts), copied.
// Source: https://github.com/gitroomhq/postiz-app @ 74b01ada154a177242d558bedc646fcfed100adf
export const Provider = {
  LOCAL: 'LOCAL',
  GITHUB: 'GITHUB',
  GOOGLE: 'GOOGLE',
  APPLE: 'APPLE',
  FARCASTER: 'FARCASTER',
  WALLET: 'WALLET',
  GENERIC: 'GENERIC',
} as const;
export type Provider = (typeof Provider)[keyof typeof Provider];

export const makeId = (length: number) => {
  let text = '';
  const possible =
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

  for (let i = 0; i < length; i += 1) {
    text += possible.charAt(Math.floor(Math.random() * possible.length));
  }
  return text;
};
