export * from './users.ts';
export * from './sessions.ts';
export * from './audit.ts';
export * from './agents.ts';
export * from './projects.ts';
export * from './constants.ts';
export * from './files.ts';
export * from './keys.ts';
