export const OWN_PREFIX: string;
export const layerAliases: { find: string; replacement: string }[];
