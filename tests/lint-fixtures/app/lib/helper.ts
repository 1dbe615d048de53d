export const helper = (name: string) => `helper:${name}`;
