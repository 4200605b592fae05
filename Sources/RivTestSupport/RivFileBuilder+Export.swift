// The builder of .riv files the tests write, from the fixtures target, so that a test
// importing RivTestSupport builds its inputs with the same records as the fixtures.
@_exported import struct RivFixtures.RivFileBuilder
