// Source: https://github.com/daguttt/auth-app-nestjs src/users/constants/password-format.ts @ 85e4a92b29b03ce7e47a4b0d083d3a6eb9a50e06
/**
 * It should have at least a Capital, a number and should be 8 or more characters long
 */

export const passwordFormat =
  /(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[a-zA-Z]).{8,}/;
