/** Status colours shared by the report's charts, its stylesheet and the web app's plots. */
export const STATUS_COLOURS = {
  pass: "#1a7f37",
  fail: "#cf222e",
  error: "#bc4c00",
  skip: "#8c959f",
} as const;
