export type Script = 'devanagari' | 'bengali';
export const LANGUAGE_NAME_FACES: { script: Script; source: string }[];
export function outputFile(script: Script): string;
export function languageNameFace(script: Script, names: string[]): Promise<Uint8Array>;
export function namesByScript(): Record<Script, string[]>;
