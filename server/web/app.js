// Placeholder: the web front end (issue 19) replaces this file.
fetch("/api/catalog")
  .then((response) => response.json())
  .then((catalog) => {
    document.getElementById("status").textContent =
      "Games: " + catalog.games.map((game) => game.game).join(", ");
  });
