// Runs before the app: the stored language and theme apply to the first paint (no flash, no layout shift).
(function () {
  try {
    var l = localStorage.getItem("locale");
    if (l === "ar" || l === "en" || l === "fr") {
      document.documentElement.lang = l;
      document.documentElement.dir = l === "ar" ? "rtl" : "ltr";
    }
    var s = localStorage.getItem("darsi-color-scheme");
    var dark = s === "dark" || ((!s || s === "auto") && window.matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.setAttribute("data-mantine-color-scheme", dark ? "dark" : "light");
  } catch (e) {}
})();
