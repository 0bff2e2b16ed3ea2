/** Degrees kept to 5 decimals (about a metre): the list's address stays short. */
export const round5 = (v: number) => Math.round(v * 1e5) / 1e5;
