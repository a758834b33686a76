// The client of 'arbiter lsp' for VS Code: it starts the server for PDN
// documents and gives the command that goes to the first error. All the
// logic is the server's.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("arbiter");
  const server = {
    command: config.get("path", "arbiter"),
    args: ["lsp", ...config.get("args", [])],
  };
  client = new LanguageClient("arbiter", "arbiter", server, {
    documentSelector: [{ language: "pdn" }],
    // VS Code shows Markdown images: the hover's boards as SVG pictures.
    initializationOptions: { images: true },
  });
  context.subscriptions.push(
    vscode.commands.registerCommand("arbiter.goToFirstError", async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || editor.document.languageId !== "pdn") {
        return;
      }
      const uri = editor.document.uri.toString();
      const loc = await client.sendRequest("workspace/executeCommand", {
        command: "arbiter.firstError",
        arguments: [uri],
      });
      if (!loc) {
        vscode.window.showInformationMessage("arbiter: no error in this document");
        return;
      }
      const range = client.protocol2CodeConverter.asRange(loc.range);
      editor.selection = new vscode.Selection(range.start, range.end);
      editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    })
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
