// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Stands in for Farcaster's IdRegistry (on Optimism) on a local chain, at the address
// @farcaster/auth-client reads: Sign In With Farcaster only asks it `idOf(custody)`.
// It has no setter on purpose: services/auth/farcaster.mjs writes its two mappings with
// anvil_setStorageAt (slot 0: idOf, slot 1: custodyOf), so no transaction, key or owner is needed
// and nobody on the chain can register an fid.
contract IdRegistryStub {
    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;
}
