/** Six hex pairs separated by `:`, `-` or nothing, as contracts' macAddress accepts. */
export const MAC_PATTERN = /^[0-9A-Fa-f]{2}([:-]?)[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/;
