import { createTheme, type CSSVariablesResolver, type LoaderProps, type MantineColorsTuple, type SelectProps } from "@mantine/core";

const darsi: MantineColorsTuple = ["#edf2ff", "#dbe4ff", "#bac8ff", "#91a7ff", "#748ffc", "#5c7cfa", "#4c6ef5", "#4263eb", "#3b5bdb", "#364fc7"];

export const theme = createTheme({
  primaryColor: "darsi",
  colors: { darsi },
  // Shade 7 keeps white text on filled buttons above 4.5:1 in both schemes.
  primaryShade: { light: 7, dark: 7 },
  defaultRadius: "md",
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: "700" },
  cursorType: "pointer",
  components: {
    // A select's chosen option, clicked again, stays chosen (Mantine's default clears it, which empties a required
    // field without a word). A select that may be emptied says so with `clearable` and its ✕ button. A plain object,
    // not `Select.extend`, so that the theme does not pull the Select component into the first load.
    //
    // Its list is mounted when it opens, not hidden beside every closed select (Mantine's default): the first render of
    // a form no longer builds each list, and floating-ui no longer measures the page for lists nobody opened (a forced
    // style recalculation per select in the first commit, which held /register's first render).
    Select: { defaultProps: { allowDeselect: false, comboboxProps: { keepMounted: false } } satisfies Partial<SelectProps> },
    // A loader is a status: its label ("Chargement") is then read out, where on Mantine's bare <span> ARIA forbids it
    // (axe: aria-prohibited-attr). A decorative one keeps `aria-hidden`.
    Loader: { defaultProps: { role: "status" } satisfies Partial<LoaderProps> & { role: string } },
  },
});

/**
 * Secondary ("dimmed") text and field errors dark enough to read: at least 4.5:1 on the page background in both
 * schemes (Mantine's default error red is 3.3:1 on white).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "#5f676f", "--mantine-color-error": "var(--mantine-color-red-9)" },
  dark: { "--mantine-color-dimmed": "var(--mantine-color-dark-1)", "--mantine-color-error": "var(--mantine-color-red-4)" },
});
