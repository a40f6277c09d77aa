// The mythlab board: a game's view (HTML with inline SVG) whose parts marked data-token are
// clicked to make moves. Python decides everything: which tokens are clickable now ("hot"),
// which are chosen ("selected"), what the picker offers ("choices") and which part may be
// dragged onto which ("drops"); a click sends the token to Python and nothing else, a drop
// sends the same two clicks. No build step: anywidget loads this file as it is.

function render({ model, el }) {
  const board = document.createElement("div");
  board.className = "mythlab-board-view";
  const picker = document.createElement("div");
  picker.className = "mythlab-picker";
  el.classList.add("mythlab-board");
  el.append(board, picker);
  let hot = new Set();
  let drops = {};
  let dragged = null; // the token being dragged

  const send = (token) => model.send({ click: token });

  function mark() {
    hot = new Set(model.get("hot"));
    drops = model.get("drops");
    const selected = new Set(model.get("selected"));
    for (const node of board.querySelectorAll("[data-token]")) {
      const token = node.getAttribute("data-token");
      const isHot = hot.has(token);
      node.classList.toggle("mythlab-hot", isHot);
      node.classList.toggle("mythlab-selected", selected.has(token));
      if (node instanceof HTMLElement) node.draggable = Object.hasOwn(drops, token); // not SVG
      if (isHot) {
        node.setAttribute("role", "button");
        node.setAttribute("tabindex", "0");
      } else {
        node.removeAttribute("role");
        node.removeAttribute("tabindex");
      }
    }
    picker.replaceChildren();
    for (const [token, text] of model.get("choices")) {
      const button = document.createElement("button");
      button.className = "mythlab-pick";
      button.textContent = text;
      button.dataset.token = token;
      button.addEventListener("click", () => send(token));
      picker.append(button);
    }
    if (selected.size) {
      const cancel = document.createElement("button");
      cancel.className = "mythlab-cancel";
      cancel.textContent = "Cancel";
      cancel.addEventListener("click", () => model.send({ cancel: true }));
      picker.append(cancel);
    }
  }

  function draw() {
    board.innerHTML = model.get("html");
    mark();
  }

  function activate(event) {
    const node = event.target.closest("[data-token]");
    if (!node || !board.contains(node)) return;
    const token = node.getAttribute("data-token");
    if (!hot.has(token)) return;
    event.preventDefault();
    send(token);
  }

  // Drag a part onto one it may go to: the same two clicks as clicking one, then the other.
  const dropTarget = (event) => {
    const node = event.target.closest("[data-token]");
    const token = node && board.contains(node) ? node.getAttribute("data-token") : null;
    return dragged !== null && (drops[dragged] || []).includes(token) ? token : null;
  };
  const showTargets = (on) => {
    for (const node of board.querySelectorAll("[data-token]")) {
      const fits = on && (drops[dragged] || []).includes(node.getAttribute("data-token"));
      node.classList.toggle("mythlab-drop", fits);
    }
  };
  board.addEventListener("dragstart", (event) => {
    const node = event.target.closest("[data-token]");
    const token = node ? node.getAttribute("data-token") : null;
    if (!token || !Object.hasOwn(drops, token)) return;
    dragged = token;
    event.dataTransfer.setData("text/plain", token);
    event.dataTransfer.effectAllowed = "move";
    showTargets(true);
  });
  board.addEventListener("dragover", (event) => {
    if (dropTarget(event) === null) return;
    event.preventDefault(); // allows the drop here
    event.dataTransfer.dropEffect = "move";
  });
  board.addEventListener("drop", (event) => {
    const target = dropTarget(event);
    if (target === null) return;
    event.preventDefault();
    send(dragged);
    send(target);
  });
  board.addEventListener("dragend", () => {
    showTargets(false);
    dragged = null;
  });

  board.addEventListener("click", activate);
  board.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") activate(event);
  });
  model.on("change:html", draw);
  model.on("change:hot", mark);
  model.on("change:selected", mark);
  model.on("change:choices", mark);
  model.on("change:drops", mark);
  draw();
}

export default { render };
