// Runs before the app: the stored language and theme apply to the first paint (no flash, no layout shift); with a
// session on the device, the signed-in shell's chunks (listed by the build in <meta name="darsi-signed-in">) are
// preloaded at once, side by side with the entry chunk (fetched and compiled while it runs).
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
  try {
    var meta = document.querySelector('meta[name="darsi-signed-in"]');
    if (!meta || !localStorage.getItem("token")) return;
    var files = meta.getAttribute("content").split(" ");
    for (var i = 0; i < files.length; i++) {
      if (!/^\/assets\/[\w.-]+\.js$/.test(files[i])) continue;
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = ""; // as the entry script (crossorigin): the preloaded module is the one the app imports
      link.href = files[i];
      document.head.appendChild(link);
    }
  } catch (e) {}
})();
