/// The terminal escaper lives in RivSupport, where the folder manifest's reader
/// (RivAssetRegistry) quotes names through it too; the Kit's users reach it here.
@_exported import enum RivSupport.TerminalText
