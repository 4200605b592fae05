// The builder of .riv files and the payload factory, from the fixtures target, so that a
// test importing RivTestSupport builds its inputs with the same records and bytes as the fixtures.
@_exported import struct RivFixtures.RivFileBuilder
@_exported import enum RivFixtures.Payload
