import { createTheme, type MantineColorsTuple } from "@mantine/core";

const darsi: MantineColorsTuple = ["#edf2ff", "#dbe4ff", "#bac8ff", "#91a7ff", "#748ffc", "#5c7cfa", "#4c6ef5", "#4263eb", "#3b5bdb", "#364fc7"];

export const theme = createTheme({
  primaryColor: "darsi",
  colors: { darsi },
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: "md",
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: "700" },
  cursorType: "pointer",
});
