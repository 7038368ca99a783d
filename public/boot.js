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
    // /login and /register come rendered in French for a signed-out visitor (scripts/lib/prerender.mjs): hidden before
    // the first paint when that is not this visitor (the app's first render replaces it).
    if ((l && l !== "fr") || localStorage.getItem("token")) document.documentElement.setAttribute("data-prerender-off", "");
  } catch (e) {}
  // A prerendered page (/login, /register: scripts/lib/prerender.mjs) comes with this script and the CSS of its first
  // screen inline, nothing else to wait for before its first paint. It names its entry scripts and its whole stylesheet
  // instead: both are fetched after the first paint (so that the page has the connection to itself), and the entry runs
  // once the stylesheet is in (the app's render needs all of it); at the latest after 3 s (a hidden tab paints no frame).
  try {
    var start = document.querySelector('meta[name="darsi-start"]');
    if (start) {
      var started = false;
      var asset = function (url, ext) {
        return new RegExp("^/assets/[\\w.-]+\\." + ext + "$").test(url);
      };
      var run = function () {
        if (started) return;
        started = true;
        var entries = start.getAttribute("content").split(" ");
        var css = document.querySelector('meta[name="darsi-css"]');
        var sheets = css ? css.getAttribute("content").split(" ") : [];
        var ran = false;
        var runEntries = function () {
          if (ran) return;
          ran = true;
          for (var j = 0; j < entries.length; j++) {
            if (!asset(entries[j], "js")) continue;
            var script = document.createElement("script");
            script.type = "module";
            script.crossOrigin = "";
            script.src = entries[j];
            document.head.appendChild(script);
          }
        };
        // Fetched now, side by side with the stylesheet (run below, once it is in).
        for (var k = 0; k < entries.length; k++) {
          if (!asset(entries[k], "js")) continue;
          var preload = document.createElement("link");
          preload.rel = "modulepreload";
          preload.crossOrigin = "";
          preload.href = entries[k];
          document.head.appendChild(preload);
        }
        var pending = 0;
        var loaded = function () {
          if (--pending === 0) runEntries();
        };
        for (var m = 0; m < sheets.length; m++) {
          if (!asset(sheets[m], "css")) continue;
          pending++;
          var sheet = document.createElement("link");
          sheet.rel = "stylesheet";
          sheet.crossOrigin = "";
          sheet.href = sheets[m];
          sheet.onload = loaded;
          sheet.onerror = loaded; // the app runs without it rather than not at all
          document.head.appendChild(sheet);
        }
        if (!pending) runEntries();
      };
      // Never before the document is parsed (as the module scripts it replaces, which were deferred).
      var go = function () {
        if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
        else setTimeout(run, 0);
      };
      if (document.documentElement.hasAttribute("data-prerender-off")) {
        // The page is hidden for this visitor: nothing to paint first.
        document.addEventListener("DOMContentLoaded", run);
      } else {
        // Once the first contentful paint is on the screen (its entry comes once the frame is presented; a page
        // replaced before that would lose its paint as the largest one), else after the first frame.
        try {
          new PerformanceObserver(function (list) {
            if (list.getEntriesByName("first-contentful-paint").length) go();
          }).observe({ type: "paint", buffered: true });
        } catch (e) {
          requestAnimationFrame(go);
        }
        setTimeout(go, 3000);
      }
    }
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
