// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @title DemoCollectible
/// @notice An OpenZeppelin ERC-721 for the local demo chains. Token ids count from 1; a token's
/// URI is the base URI, the id and ".json" (empty while no base URI is set), so the metadata can
/// be served as static files.
contract DemoCollectible is ERC721, Ownable {
    string private _base;
    uint256 public totalMinted;

    event BaseURIChanged(string baseURI);

    constructor(string memory baseURI_) ERC721("Airlock Demo Collectible", "ADC") Ownable(msg.sender) {
        _base = baseURI_;
    }

    /// @notice The deployer mints the next id to `to`.
    function mint(address to) external onlyOwner returns (uint256 tokenId) {
        tokenId = ++totalMinted;
        _mint(to, tokenId);
    }

    function setBaseURI(string calldata baseURI_) external onlyOwner {
        _base = baseURI_;
        emit BaseURIChanged(baseURI_);
    }

    function baseURI() external view returns (string memory) {
        return _base;
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        if (bytes(_base).length == 0) return "";
        return string.concat(_base, Strings.toString(tokenId), ".json");
    }

    function _baseURI() internal view override returns (string memory) {
        return _base;
    }
}
